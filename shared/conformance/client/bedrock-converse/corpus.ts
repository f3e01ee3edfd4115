// Real ConverseStream bodies from the corpus (shared/test/fixtures/bedrock/, each described with its
// source and licence in SOURCES.md there: exact AWS event-stream bodies), kept as each frame's
// event type and payload so that shared/ stays free of file reads; every frame is written again
// with the encoder, byte-identical to the AWS SDK's, and cases.test.ts holds the frames equal to
// their file, byte for byte. Every payload carries Bedrock's random `p` padding.

/** One event frame: its `:event-type` and its JSON payload as sent. */
export type ConverseFrame = readonly [type: string, payload: string];

/** converse-claude35sonnet-text.bin: Claude 3.5 Sonnet's text answer in twelve deltas, then messageStop (end_turn) and metadata. */
export const BEDROCK_TEXT: readonly ConverseFrame[] = [
  ["messageStart", "{\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456\",\"role\":\"assistant\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\"Hello\"},\"p\":\"abcdefghijkl\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\"! As\"},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGH\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" an AI\"},\"p\":\"abcde\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" language model, I don\"},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFG\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\"'t have feelings,\"},\"p\":\"abcdef\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" but I'm\"},\"p\":\"abcdefghijklmnop\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" functioning well\"},\"p\":\"abcd\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" and ready\"},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01234567\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" to assist you.\"},\"p\":\"abcdefghijklmnopqr\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" How can\"},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" I help you today\"},\"p\":\"abcdefg\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\"?\"},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\"}"],
  ["contentBlockStop", "{\"contentBlockIndex\":0,\"p\":\"abcdefghijklmnopqrstuvw\"}"],
  ["messageStop", "{\"p\":\"abcdefghijklmnopq\",\"stopReason\":\"end_turn\"}"],
  ["metadata", "{\"metrics\":{\"latencyMs\":1118},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP\",\"usage\":{\"inputTokens\":13,\"outputTokens\":35,\"totalTokens\":48}}"],
];

/** converse-claude35sonnet-text-then-tool-use.bin: a text block, then a toolUse block (get_weather) whose input comes in fragments, the first empty; stopReason tool_use. */
export const BEDROCK_TOOL_USE: readonly ConverseFrame[] = [
  ["messageStart", "{\"p\":\"abcdefg\",\"role\":\"assistant\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\"I can\"},\"p\":\"abcdefghijk\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" certainly help you with the\"},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" weather in San Francisco,\"},\"p\":\"abc\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" but I'm afraid I don't have\"},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVW\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" a specific tool to\"},\"p\":\"abcdefghijklmnopqrstuv\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" check the current\"},\"p\":\"abcdef\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" time there. Let\"},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQR\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" me get the weather information\"},\"p\":\"abcdefghijklmnopqrstuvwx\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":0,\"delta\":{\"text\":\" for you.\"},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01234\"}"],
  ["contentBlockStop", "{\"contentBlockIndex\":0,\"p\":\"abcde\"}"],
  ["contentBlockStart", "{\"contentBlockIndex\":1,\"p\":\"ab\",\"start\":{\"toolUse\":{\"name\":\"get_weather\",\"toolUseId\":\"tooluse_wnjikhCUTruJciycmmm5Kg\"}}}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":1,\"delta\":{\"toolUse\":{\"input\":\"\"}},\"p\":\"abcd\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":1,\"delta\":{\"toolUse\":{\"input\":\"{\\\"locat\"}},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":1,\"delta\":{\"toolUse\":{\"input\":\"ion\\\": \\\"S\"}},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGH\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":1,\"delta\":{\"toolUse\":{\"input\":\"an \"}},\"p\":\"abcdefgh\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":1,\"delta\":{\"toolUse\":{\"input\":\"Fr\"}},\"p\":\"abcdefghijklmnopqr\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":1,\"delta\":{\"toolUse\":{\"input\":\"ancisco\"}},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":1,\"delta\":{\"toolUse\":{\"input\":\", CA\\\"\"}},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFG\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":1,\"delta\":{\"toolUse\":{\"input\":\", \\\"\"}},\"p\":\"abcdefghijklmnopqrstuvwxyzABC\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":1,\"delta\":{\"toolUse\":{\"input\":\"uni\"}},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQR\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":1,\"delta\":{\"toolUse\":{\"input\":\"t\\\": \\\"fa\"}},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGHI\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":1,\"delta\":{\"toolUse\":{\"input\":\"hrenheit\"}},\"p\":\"abcd\"}"],
  ["contentBlockDelta", "{\"contentBlockIndex\":1,\"delta\":{\"toolUse\":{\"input\":\"\\\"}\"}},\"p\":\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKL\"}"],
  ["contentBlockStop", "{\"contentBlockIndex\":1,\"p\":\"abcdefghijklmnopqrstuvwx\"}"],
  ["messageStop", "{\"p\":\"abcdefghijklmn\",\"stopReason\":\"tool_use\"}"],
  ["metadata", "{\"metrics\":{\"latencyMs\":3504},\"p\":\"abcdefghijkl\",\"usage\":{\"inputTokens\":414,\"outputTokens\":114,\"totalTokens\":528}}"],
];
