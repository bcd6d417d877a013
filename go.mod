module github.com/diwall/diwall

go 1.26.8

require (
	github.com/fxamacker/cbor/v2 v2.10.0 // indirect
	github.com/gorilla/websocket v1.5.3 // indirect
	github.com/modelcontextprotocol/go-sdk v1.8.0 // indirect
	github.com/x448/float16 v0.8.4 // indirect
	golang.org/x/image v0.48.0 // indirect
)
