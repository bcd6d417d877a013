package launch

import "syscall"

// setParentDeathSignal makes the kernel end the browser if diwall dies
// without closing it.
func setParentDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGTERM }
