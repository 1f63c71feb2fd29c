package zookeeper

import (
	"errors"
	"math"
	"time"

	"brokerlab/core/msg"
)

// Errors for configurations and actions a scenario gets wrong.
var (
	ErrConfig = errors.New("zookeeper: bad setting")
	ErrAction = errors.New("zookeeper: bad action")
)

// Default in NumSelectorThreads or NumWorkerThreads means "not set": the
// count follows from Cores as upstream computes it.
const Default = -1

// Limits that keep a run's thread count something a browser can hold.
const (
	MaxCores           = 1024
	MaxSelectorThreads = 1024
	MaxWorkerThreads   = 4096
)

// Config sets up the factory with upstream's names (NIOServerCnxnFactory.configure).
type Config struct {
	Cores                  int           // Runtime.availableProcessors() of the simulated machine (8)
	NumSelectorThreads     int           // zookeeper.nio.numSelectorThreads; Default: max((int)sqrt(cores/2.0), 1)
	NumWorkerThreads       int           // zookeeper.nio.numWorkerThreads; Default: 2×cores; 0: selectors do the I/O
	MaxClientCnxns         int           // maxClientCnxns per client IP (60); 0 disables the limit
	SessionlessCnxnTimeout time.Duration // zookeeper.nio.sessionlessCnxnTimeout (10000 ms), also the ExpiryQueue interval
	RequestTime            time.Duration // zookeeper.requestTime: what processing one request costs SyncThread (1ms)
	GlobalOutstandingLimit int           // zookeeper.globalOutstandingLimit (1000): requests in process server-wide before reads are throttled
}

// DefaultConfig is the factory as ZooKeeper 3.5 configures it on an
// 8-core machine, with a request cost chosen for watching.
func DefaultConfig() Config {
	return Config{
		Cores:                  8,
		NumSelectorThreads:     Default,
		NumWorkerThreads:       Default,
		MaxClientCnxns:         60,
		SessionlessCnxnTimeout: 10000 * time.Millisecond,
		RequestTime:            time.Millisecond,
		GlobalOutstandingLimit: DefaultGlobalOutstandingLimit,
	}
}

// DefaultSelectorThreads is upstream's default: Math.max((int)
// Math.sqrt((float) numCores/2), 1), so 32 cores give 4 selector threads.
func DefaultSelectorThreads(cores int) int {
	return max(int(math.Sqrt(float64(float32(cores)/2))), 1)
}

// DefaultWorkerThreads is upstream's default: 2 × numCores.
func DefaultWorkerThreads(cores int) int { return 2 * cores }

// SelectorThreads is the number of selector threads the factory runs.
func (c Config) SelectorThreads() int {
	if c.NumSelectorThreads == Default {
		return DefaultSelectorThreads(c.Cores)
	}
	return c.NumSelectorThreads
}

// WorkerThreads is the number of NIOWorkerThreads the factory runs.
func (c Config) WorkerThreads() int {
	if c.NumWorkerThreads == Default {
		return DefaultWorkerThreads(c.Cores)
	}
	return c.NumWorkerThreads
}

func (c Config) validate() error {
	switch {
	case c.Cores < 1 || c.Cores > MaxCores:
		return msg.Of(ErrConfig, "zk.cores", MaxCores, c.Cores)
	case c.NumSelectorThreads != Default && c.NumSelectorThreads < 1:
		// upstream's IOException from configure()
		return msg.Of(ErrConfig, "zk.selectors")
	case c.SelectorThreads() > MaxSelectorThreads:
		return msg.Of(ErrConfig, "zk.selectors.max", MaxSelectorThreads)
	case c.NumWorkerThreads != Default && c.NumWorkerThreads < 0:
		return msg.Of(ErrConfig, "zk.workers")
	case c.WorkerThreads() > MaxWorkerThreads:
		return msg.Of(ErrConfig, "zk.workers.max", MaxWorkerThreads)
	case c.MaxClientCnxns < 0:
		return msg.Of(ErrConfig, "zk.maxClientCnxns")
	case c.SessionlessCnxnTimeout < time.Millisecond || c.SessionlessCnxnTimeout%time.Millisecond != 0:
		return msg.Of(ErrConfig, "zk.sessionless")
	case c.RequestTime < 0:
		return msg.Of(ErrConfig, "zk.requestTime")
	case c.GlobalOutstandingLimit < 0:
		return msg.Of(ErrConfig, "zk.outstanding")
	}
	return nil
}
