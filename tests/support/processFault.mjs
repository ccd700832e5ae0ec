/**
 * Preloaded into the real server by tests only (NODE_OPTIONS=--import=…): on SIGUSR2 it raises, outside any
 * request, what PROCESS_FAULT names: an uncaught exception or a rejection nobody handles. The site itself
 * has no such trigger.
 */
process.on('SIGUSR2', () => {
  // An address in the message: the logger must not write it.
  const error = new Error('Fault injected by the test for someone@example.com');
  if (process.env.PROCESS_FAULT === 'rejection') void Promise.reject(error);
  else
    setImmediate(() => {
      throw error;
    });
});
