// The Node options a worker thread of ours starts with. Both of our workers boot from CommonJS code
// given as a string (the recording thread from the sources, the store's checkpoint worker always).

/** Flags that say how to read the main script's code, and take a value. */
const INPUT_FLAGS = ['--input-type', '--experimental-default-type'];

/**
 * The process's Node options a worker inherits, but those about how the main script's code is read:
 * a user's `node --input-type=module -e …` would have a worker's CommonJS boot code read as a
 * module ("require is not defined"), and the worker would never start.
 */
export function workerExecArgv(execArgv: readonly string[] = process.execArgv): string[] {
  const kept: string[] = [];
  for (let index = 0; index < execArgv.length; index++) {
    const arg = execArgv[index]!;
    if (INPUT_FLAGS.includes(arg)) index++;
    else if (!INPUT_FLAGS.some((flag) => arg.startsWith(`${flag}=`))) kept.push(arg);
  }
  return kept;
}
