// Preloaded (`node --import`) into every server the benches spawn (ours, the peer, the bare
// listener): answers a 'usage' message on the IPC channel with the process's own resident memory,
// its high-water mark and CPU time. The process measures itself, so the benches read no
// platform-specific files, work wherever Node does, and measure every server the same way.
process.on('message', (message) => {
  if (message !== 'usage') return;
  const { user, system } = process.cpuUsage();
  process.send?.({
    rssBytes: process.memoryUsage.rss(),
    // Kilobytes, as getrusage reports it.
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    cpuMicros: user + system,
  });
});
// The channel must not keep the server alive once it is asked to stop.
process.channel?.unref();
