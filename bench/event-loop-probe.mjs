// Loaded into the server by bench/run.mjs (`node --import ./bench/event-loop-probe.mjs`): measures the
// event-loop delay and reports it over the IPC channel on request. Not part of the server itself.
import { monitorEventLoopDelay } from 'node:perf_hooks'

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  process.on('message', (message) => {
    if (message === 'eld:reset') histogram.reset()
    if (message === 'eld:read') {
      process.send({
        eld: { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6, mean: histogram.mean / 1e6 },
      })
    }
  })
}
