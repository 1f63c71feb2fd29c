package replication

import (
	"time"

	"brokerlab/core/socketserver"
)

// KafkaApis is the broker's request handling the socket server's handlers
// call (socketserver.Apis): Produce, Fetch, OffsetForLeaderEpoch,
// Metadata, InitProducerId, and the controller's LeaderAndIsr and UpdateMetadata. A
// parked request (DelayedProduce, DelayedFetch) returns a nil response;
// the purgatory answers it later through the socket server.
type KafkaApis struct{ RM *ReplicaManager }

// Handle runs one request on the calling request handler thread.
func (a KafkaApis) Handle(req *socketserver.Request) (time.Duration, *socketserver.Response) {
	rm := a.RM
	var out *socketserver.Response
	// An answer given while Handle runs goes back through the handler after
	// its work; one given later (a purgatory completing the request) is
	// sent by the thread that completes it.
	handling := true
	send := func(resp *socketserver.Response) {
		if handling {
			out = resp
		} else {
			rm.respond(resp)
		}
	}
	reply := func(body any) { send(&socketserver.Response{Request: req, Body: body}) }
	switch body := req.Body.(type) {
	case *ProduceRequest:
		rm.AppendRecords(req, body, func(pr *ProduceResponse) {
			resp := &socketserver.Response{Request: req, Body: pr}
			if body.Acks == 0 {
				// No response to acks=0; an error closes the connection, which
				// is how the producer learns (KafkaApis.handleProduceRequest).
				resp.NoOp, resp.Close = true, pr.Error != None
			}
			send(resp)
		})
	case *FetchRequest:
		rm.fetchMessages(req, body, func(fr *FetchResponse) {
			send(&socketserver.Response{Request: req, Body: fr})
		})
	case *OffsetsForLeaderEpochRequest:
		reply(rm.lastOffsetForLeaderEpoch(body))
	case *LeaderAndIsrRequest:
		reply(&ControllerResponse{Error: rm.becomeLeaderOrFollower(body)})
	case *UpdateMetadataRequest:
		reply(&ControllerResponse{Error: rm.updateMetadata(body)})
	case *MetadataRequest:
		reply(rm.Metadata.metadata(body))
	case *InitProducerIdRequest:
		reply(rm.initProducerId())
	default:
		reply(&ControllerResponse{Error: None})
	}
	handling = false
	return rm.cfg.TimeOf(req.API), out
}
