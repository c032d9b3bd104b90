// pause is the sandbox ("infra") container of every pod on the test cluster's
// real nodes: containerd starts it first, and the pod's namespaces live as long
// as it does. Like upstream's pause.c it only waits: it exits 0 on SIGINT or
// SIGTERM and, as PID 1 of a shared PID namespace, reaps every child that is
// reparented to it. Standard library only; built with CGO_ENABLED=0, so the
// binary is static and the image needs nothing else.
package main

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

const version = "interconnect-test-pause 1"

func main() {
	if len(os.Args) > 1 && (os.Args[1] == "-v" || os.Args[1] == "--version") {
		fmt.Println(version)
		return
	}
	if os.Getpid() != 1 {
		fmt.Fprintln(os.Stderr, "warning: pause should be the first process")
	}
	sigs := make(chan os.Signal, 8)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGCHLD)
	for s := range sigs {
		if s == syscall.SIGCHLD {
			reap()
			continue
		}
		fmt.Fprintf(os.Stderr, "shutting down, got signal %v\n", s)
		os.Exit(0)
	}
}

// reap collects every exited child; SIGCHLD coalesces, so loop until none is left.
func reap() {
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		if pid <= 0 || err != nil {
			return
		}
	}
}
