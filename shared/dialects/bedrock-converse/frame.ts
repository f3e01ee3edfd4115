// How a ConverseStream answer writes each of its events as a frame: what the simulator serves and
// what the client cases are made of, written once.

import { eventFrame, exceptionFrame } from '../../framing/aws-eventstream/encode.ts';

/**
 * The frame of an event of type `type`: an exception (every member of ConverseStreamOutput's
 * exceptions ends in `Exception`: throttlingException, modelStreamErrorException, …) in an
 * exception frame, named by `:exception-type`; any other in an event frame.
 */
export function converseFrame(type: string, payload: string): Uint8Array {
  return type.endsWith('Exception') ? exceptionFrame(type, payload) : eventFrame(type, payload);
}
