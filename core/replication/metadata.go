package replication

import (
	"slices"

	"brokerlab/core/msg"
)

// MetadataCache is a broker's MetadataCache: what the controller's last
// UpdateMetadata requests said about live brokers and partitions. Brokers
// answer Metadata requests from it.
type MetadataCache struct {
	live  []int                 // sorted
	parts map[TP]PartitionState // looked up, never iterated
	order []TP                  // sorted
}

// IsAlive reports whether the cache lists broker id as live.
func (m *MetadataCache) IsAlive(id int) bool { return slices.Contains(m.live, id) }

// LiveBrokers lists the live brokers the cache knows, sorted.
func (m *MetadataCache) LiveBrokers() []int { return append([]int(nil), m.live...) }

// Partition returns the cached state of tp, or nil.
func (m *MetadataCache) Partition(tp TP) *PartitionState {
	st, ok := m.parts[tp]
	if !ok {
		return nil
	}
	return &st
}

func (m *MetadataCache) update(req *UpdateMetadataRequest) {
	m.live = sortedIDs(req.LiveBrokers)
	if m.parts == nil {
		m.parts = map[TP]PartitionState{}
	}
	added := false
	for _, st := range req.Partitions {
		if _, ok := m.parts[st.TP]; !ok {
			m.order = append(m.order, st.TP)
			added = true
		}
		m.parts[st.TP] = st
	}
	if added {
		sortTPs(m.order)
	}
}

// summary notes what an UpdateMetadata request changed: "live 1,2,3; t-0 leader 2 epoch 3".
func (m *MetadataCache) summary(parts []PartitionState) *msg.Note {
	n := msg.Notef("live %s", IDs(m.live))
	for i, st := range parts {
		if i == 8 {
			return msg.Notef("%s; …", n)
		}
		n = msg.Notef("%s; %s leader %d epoch %d", n, st.TP.String(), st.Leader, st.LeaderEpoch)
	}
	return n
}

// metadata answers a Metadata request: LEADER_NOT_AVAILABLE for a
// partition whose leader is not live.
func (m *MetadataCache) metadata(req *MetadataRequest) *MetadataResponse {
	resp := &MetadataResponse{Brokers: m.LiveBrokers()}
	for _, tp := range m.order {
		if len(req.Topics) > 0 && !slices.Contains(req.Topics, tp.Topic) {
			continue
		}
		st := m.parts[tp]
		pm := PartitionMetadata{TP: tp, Error: None, Leader: st.Leader, LeaderEpoch: st.LeaderEpoch, ISR: st.ISR, Replicas: st.Replicas}
		if !m.IsAlive(st.Leader) {
			pm.Error, pm.Leader = LeaderNotAvailable, -1
		}
		resp.Partitions = append(resp.Partitions, pm)
	}
	return resp
}
