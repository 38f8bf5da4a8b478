// Preloaded (`node --import`) into every server the benches spawn (ours, the peer, the bare
// listener): answers a 'usage' message on the IPC channel with the process's own resident memory,
// its high-water mark and CPU time. The process measures itself, so the benches work wherever Node
// does and measure every server the same way (only the high-water mark reads Linux's own figure).
import { readFileSync } from 'node:fs';
process.on('message', (message) => {
  if (message !== 'usage') return;
  const { user, system } = process.cpuUsage();
  process.send?.({
    rssBytes: process.memoryUsage.rss(),
    maxRssBytes: highWaterBytes(),
    cpuMicros: user + system,
  });
});
// The channel must not keep the server alive once it is asked to stop.
process.channel?.unref();

/**
 * The high-water mark of this process's resident memory. On Linux getrusage's maxRSS survives
 * exec: a spawned server reports the peak of the bench process it was forked from (about 300 MiB
 * against the emulator's 130 in the Storage memory row), so the kernel's own figure for this
 * address space (VmHWM) is read there instead.
 */
function highWaterBytes() {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match !== null) return Number(match[1]) * 1024;
  } catch {
    // Not Linux: getrusage is right there.
  }
  // Kilobytes, as getrusage reports it.
  return process.resourceUsage().maxRSS * 1024;
}
