// Preloaded (`node --import`) into the Auth emulator, the stack's one child process. The stack
// holds the other end of this process's stdin pipe; when the stack's process ends in any way, even
// SIGKILL, the pipe closes and the emulator shuts down as on Ctrl-C. So no emulator outlives its
// stack, with no pid files or process-table scans, on Linux and macOS alike.
process.stdin.on('end', () => {
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(1), 10_000).unref();
});
process.stdin.resume();
// Reading stdin must not by itself keep the emulator alive once it has shut down.
process.stdin.unref();
