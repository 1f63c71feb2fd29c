package ui

import "strings"

// Trace notes in Chinese. core/ writes each event's note in English, from
// format strings; the stage and the event log of a Chinese page show it
// translated by the errors' machinery (errors_zh.go) from this catalog:
// an English format as core writes it, and its Chinese. Upstream's names
// inside a note (threads, events, APIs, error codes, settings) are copied
// as they are. A note no format matches stays in English, and
// TestZHStageAndLogWords fails on it.
var zhNotes = map[string]string{
	// Threads, queues, locks, latches, timers.
	`signal`:                `信号`,
	`size %d`:               `长度 %d`,
	`size %d/%d`:            `长度 %d/%d`,
	`wakeup`:                `唤醒`,
	`wakeup: %s`:            `唤醒：%s`,
	`close`:                 `关闭`,
	`notify`:                `通知`,
	`rejoin`:                `重新加入`,
	`empty`:                 `空`,
	`full`:                  `满`,
	`idle`:                  `空闲`,
	`removed %d`:            `移除了 %d 个`,
	`blocked`:               `阻塞`,
	`count %d`:              `计数 %d`,
	`held by %s`:            `被 %s 持有`,
	`after %s`:              `%s 之后`,
	`%s | timeout %s`:       `%s | 超时 %s`,
	`handle %s %s`:          `处理 %s %s`,
	`process %s %s`:         `处理 %s %s`,
	`GC pause until %s`:     `GC 停顿，直到 %s`,
	`new ZooKeeper session`: `新的 ZooKeeper 会话`,
	`ContainerStoppingErrorHandler: waiting for the container to stop`: `ContainerStoppingErrorHandler：等待容器停止`,
	`client closed`:              `客户端关闭了连接`,
	`the process died`:           `进程已终止`,
	`shutdown already initiated`: `关闭已经开始`,

	// States a state change moves between (the log's from → to).
	`none`:                                 `无`,
	`active`:                               `激活`,
	`inactive`:                             `未激活`,
	`running`:                              `运行中`,
	`stopped`:                              `已停止`,
	`controller epoch %d; live brokers %s`: `控制器纪元 %d；存活的 broker：%s`,

	// ZooKeeper.
	`create`:                          `创建`,
	`create ephemeral`:                `创建临时节点`,
	`delete`:                          `删除`,
	`set failed (no node)`:            `set 失败（节点不存在）`,
	`children changed`:                `子节点变化`,
	`created`:                         `已创建`,
	`expired`:                         `已过期`,
	`bucket %s`:                       `过期桶 %s`,
	`timeout %s`:                      `超时 %s`,
	`no heartbeat for %s`:             `%s 没有心跳`,
	`last heard at %s; expires at %s`: `最后一次收到于 %s；过期于 %s`,
	`Unable to read additional data from client sessionid %s, likely client has closed socket`: `无法从客户端（sessionid %s）读取更多数据，客户端可能已关闭套接字`,
	`Too many connections from %s - max is %d`:                                                 `来自 %s 的连接过多，上限为 %d`,

	// Brokers, replication, the controller.
	`its replica fetchers go on`:                                      `副本拉取线程继续运行`,
	`its replica fetchers stop`:                                       `副本拉取线程停止`,
	`kill -9: every thread stops`:                                     `kill -9：所有线程都停下`,
	`registered in /brokers/ids with session %d`:                      `以会话 %d 注册在 /brokers/ids 下`,
	`broker %d killed`:                                                `broker %d 被杀死`,
	`channel to broker %d removed`:                                    `到 broker %d 的通道已移除`,
	`leader %d, epoch %d, from offset %d`:                             `领导者 %d，纪元 %d，从位移 %d 开始`,
	`truncated to the high watermark`:                                 `截断到高水位`,
	`truncated below the high watermark`:                              `截断到高水位以下`,
	`follower: leader's HW %d`:                                        `追随者：领导者的 HW 为 %d`,
	`leader: min LEO of the ISR %s`:                                   `领导者：ISR %s 中最小的 LEO`,
	`controller: new partition: its live replicas`:                    `控制器：新分区：它的存活副本`,
	`expand: replica %d caught up (LEO %d ≥ HW %d)`:                   `扩大：副本 %d 已追上（LEO %d ≥ HW %d）`,
	`shrink: out of sync %s > replica.lag.time.max.ms %s`:             `收缩：不同步 %s > replica.lag.time.max.ms %s`,
	`%d (LEO %d, caught up %s ago)`:                                   `%d（LEO %d，%s 前追上）`,
	`%d (LEO %d, caught up %s ago), %s`:                               `%d（LEO %d，%s 前追上），%s`,
	`broker %d offline: no live ISR replica to elect`:                 `broker %d 下线：ISR 中没有存活副本可选`,
	`new partition: first live replica %d of %s`:                      `新分区：%[2]s 中第一个存活副本 %[1]d`,
	`offline election: first live ISR replica in %s`:                  `下线选举：%s 中第一个存活的 ISR 副本`,
	`epoch %d starts at offset %d`:                                    `纪元 %d 从位移 %d 开始`,
	`epoch %d`:                                                        `纪元 %d`,
	`from leader %d`:                                                  `来自领导者 %d`,
	`live %s`:                                                         `存活 %s`,
	`live %s; %s`:                                                     `存活 %s；%s`,
	`%s leader %d epoch %d`:                                           `%s 领导者 %d 纪元 %d`,
	`controller: %s`:                                                  `控制器：%s`,
	`unclean election: no live ISR replica; first live replica in %s`: `非干净选举：ISR 中没有存活副本；%s 中第一个存活副本`,
	`the committed offset`:                                            `已提交位移`,
	`fetch from offset %d`:                                            `从位移 %d 拉取`,
	`OffsetsForLeaderEpoch(%d): leader's epoch %d ends at %d, here at %d; LEO %d`: `OffsetsForLeaderEpoch(%d)：领导者的纪元 %d 止于 %d，此处止于 %d；LEO %d`,
	`acks=all; new leader %d (epoch %d, unclean election) ends at %d`:             `acks=all；新领导者 %d（纪元 %d，非干净选举）止于 %d`,
	`%s: replica.fetch.min.bytes %d or a new HW for replica %d`:                   `%s：等到 replica.fetch.min.bytes %d，或副本 %d 有新的 HW`,
	`%d records`:                             `%d 条记录`,
	`max wait over: %d records`:              `最长等待已到：%d 条记录`,
	`%d records below HW %d`:                 `%d 条记录，低于 HW %d`,
	`acks=0: done when sent, offset unknown`: `acks=0：发出即完成，位移未知`,
	`error %d, not retriable`:                `错误 %d，不可重试`,
	`error %d, retries %d used up`:           `错误 %d，%d 次重试已用完`,
	`offset %d`:                              `位移 %d`,
	`offsets %d–%d`:                          `位移 %d–%d`,

	// Groups and consumers.
	`generation %d`:                                    `第 %d 代`,
	`generation %d: %s`:                                `第 %d 代：%s`,
	`generation %d, no assignment (follower)`:          `第 %d 代，没有分配（追随者）`,
	`generation %d, member %s, leader %s, protocol %s`: `第 %d 代，成员 %s，领导者 %s，协议 %s`,
	`generation %d, member %s, leader %s, protocol %s, %d members' subscriptions`: `第 %d 代，成员 %s，领导者 %s，协议 %s，%d 个成员的订阅`,
	`member %s`: `成员 %s`,
	`member %s, because the consumer is being closed`:              `成员 %s，因为消费者正在关闭`,
	`member %s, because the consumer unsubscribed from all topics`: `成员 %s，因为消费者退订了所有主题`,
	`memberId %q, protocols %s`:                                    `memberId %q，协议 %s`,
	`memberId %q, protocols %s, because %s`:                        `memberId %q，协议 %s，因为 %s`,
	`metadata changed since the assignment`:                        `分配之后元数据变了`,
	`assignment %s`:                                                `分配 %s`,
	`committed %s`:                                                 `已提交 %s`,
	`Adding new member %s`:                                         `加入新成员 %s`,
	`Updating metadata for member %s`:                              `更新成员 %s 的元数据`,
	`removing member %s on LeaveGroup`:                             `因 LeaveGroup 移除成员 %s`,
	`removing member %s on heartbeat expiration`:                   `因心跳超时移除成员 %s`,

	// The listener container.
	`delivery %d`: `第 %d 次投递`,
	`delivery %d, already processed: a duplicate`:                               `第 %d 次投递，已处理过：重复`,
	`processed again (%d times)`:                                                `再次处理（共 %d 次）`,
	`recovered: %s is skipped`:                                                  `已恢复：跳过 %s`,
	`Backoff %s exhausted for %s`:                                               `%[2]s 的退避 %[1]s 已用尽`,
	`SeekToCurrentErrorHandler: %s is the first record left`:                    `SeekToCurrentErrorHandler：%s 是剩下的第一条记录`,
	`no committed offset: auto.offset.reset=%s`:                                 `没有已提交位移：auto.offset.reset=%s`,
	`ListenerExecutionFailedException: Listener failed; nested exception is %s`: `ListenerExecutionFailedException：监听器失败；嵌套异常为 %s`,
	`KafkaException: Seek to current after exception`:                           `KafkaException：异常后 seek 回当前位移`,
	`KafkaException: Stopped container`:                                         `KafkaException：容器已停止`,
}

// zhNote translates a trace note; ok is false when no format matches it.
func zhNote(note string, used func(en string)) (string, bool) {
	return (&zhRun{memo: map[zhKey]zhResult{}, notes: true}).whole(note, used)
}

// note is a trace note in the page's language.
func (a *App) note(s string) string {
	if a.Lang != "zh" || strings.TrimSpace(s) == "" {
		return s
	}
	zh, _ := zhNote(s, nil)
	return zh
}
