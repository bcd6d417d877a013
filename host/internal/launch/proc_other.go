//go:build !linux && !windows

package launch

import "syscall"

func setParentDeathSignal(*syscall.SysProcAttr) {}
