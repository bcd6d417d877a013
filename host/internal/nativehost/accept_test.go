package nativehost

import (
	"context"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/operator"
	"github.com/diwall/diwall/internal/socket"
)

// TestTheSocketServesMCPAndThePerson: a connection that starts with the
// control prefix is one of the person's commands; any other is an MCP
// session.
func TestTheSocketServesMCPAndThePerson(t *testing.T) {
	closeExt, done, sock := runWithHello(t, t.TempDir(), "0.3.2")
	defer func() {
		closeExt()
		<-done //nolint:errcheck // how the run ended once cancelled is not what this test checks
	}()

	conn, err := socket.Dial(sock, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	reply, err := operator.Ask(conn, operator.ControlRequest{Command: operator.CommandSessions}, 5*time.Second)
	conn.Close()
	if err != nil || !reply.OK || len(reply.Sessions) != 0 {
		t.Errorf("sessions: %+v %v", reply, err)
	}

	conn, err = socket.Dial(sock, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, &mcp.IOTransport{Reader: conn, Writer: conn}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) == 0 {
		t.Errorf("tools/list: %v %v", tools, err)
	}
}
