package launch

import (
	"os"
	"os/exec"
)

func setProcAttr(*exec.Cmd) {}

func terminate(p *os.Process) { p.Kill() }

func killGroup(p *os.Process) { p.Kill() }

func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
