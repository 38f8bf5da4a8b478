// Preloaded (`node --import`) into an emulator the benches spawn: answers a 'usage' message on the
// IPC channel with the process's own resident memory and CPU time. The process measures itself,
// so the benches read no platform-specific files and work wherever Node does.
process.on('message', (message) => {
  if (message !== 'usage') return;
  const { user, system } = process.cpuUsage();
  process.send?.({ rssBytes: process.memoryUsage.rss(), cpuMicros: user + system });
});
// The channel must not keep the emulator alive once it is asked to stop.
process.channel?.unref();
