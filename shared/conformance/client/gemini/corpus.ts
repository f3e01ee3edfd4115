// Real Gemini streams from the corpus (shared/test/fixtures/gemini/, each described with its source
// and licence in SOURCES.md there: pydantic-ai's cassettes, the exact wire bytes), copied event by
// event so that shared/ stays free of file reads; cases.test.ts holds each equal to its file, byte
// for byte. Gemini's events are `data:` only, CRLF-framed, with no [DONE].

/** gemini25flash-text-thoughts-counted.sse: three text events counting 1 to 30, finishReason STOP on the last. */
export const GEMINI_TEXT: readonly string[] = [
  "data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"1\\n2\\n3\\n4\\n5\\n6\\n7\\n8\\n9\\n10\\n11\\n12\\n13\\n1\"}],\"role\": \"model\"},\"index\": 0}],\"usageMetadata\": {\"promptTokenCount\": 18,\"candidatesTokenCount\": 31,\"totalTokenCount\": 84,\"promptTokensDetails\": [{\"modality\": \"TEXT\",\"tokenCount\": 18}],\"thoughtsTokenCount\": 35,\"serviceTier\": \"standard\"},\"modelVersion\": \"gemini-2.5-flash\",\"responseId\": \"ru1garvBEoOiqtsP2fznmQw\"}\r\n\r\n",
  "data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"4\\n15\\n16\\n17\\n18\\n19\\n20\\n21\\n22\\n23\\n24\\n25\\n26\\n27\\n28\\n29\\n3\"}],\"role\": \"model\"},\"index\": 0}],\"usageMetadata\": {\"promptTokenCount\": 18,\"candidatesTokenCount\": 79,\"totalTokenCount\": 132,\"promptTokensDetails\": [{\"modality\": \"TEXT\",\"tokenCount\": 18}],\"thoughtsTokenCount\": 35,\"serviceTier\": \"standard\"},\"modelVersion\": \"gemini-2.5-flash\",\"responseId\": \"ru1garvBEoOiqtsP2fznmQw\"}\r\n\r\n",
  "data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"0\"}],\"role\": \"model\"},\"finishReason\": \"STOP\",\"index\": 0}],\"usageMetadata\": {\"promptTokenCount\": 18,\"candidatesTokenCount\": 80,\"totalTokenCount\": 133,\"promptTokensDetails\": [{\"modality\": \"TEXT\",\"tokenCount\": 18}],\"thoughtsTokenCount\": 35,\"serviceTier\": \"standard\"},\"modelVersion\": \"gemini-2.5-flash\",\"responseId\": \"ru1garvBEoOiqtsP2fznmQw\"}\r\n\r\n",
];

/** gemini20flash-function-call-single-event.sse: one event holding a whole functionCall and finishReason STOP. */
export const GEMINI_CALL: readonly string[] = [
  "data: {\"candidates\": [{\"content\": {\"parts\": [{\"functionCall\": {\"name\": \"get_capital\",\"args\": {\"country\": \"France\"}}}],\"role\": \"model\"},\"finishReason\": \"STOP\"}],\"usageMetadata\": {\"promptTokenCount\": 52,\"candidatesTokenCount\": 5,\"totalTokenCount\": 57,\"promptTokensDetails\": [{\"modality\": \"TEXT\",\"tokenCount\": 52}],\"candidatesTokensDetails\": [{\"modality\": \"TEXT\",\"tokenCount\": 5}]},\"modelVersion\": \"gemini-2.0-flash\",\"responseId\": \"1lpeaMTxIpW1nvgP-O3vwQY\"}\r\n\r\n",
];

/** gemini3flash-function-call-id-signature.sse: a functionCall with its id and a thoughtSignature on its part, then the finish. */
export const GEMINI_SIGNED_CALL: readonly string[] = [
  "data: {\"candidates\": [{\"content\": {\"parts\": [{\"functionCall\": {\"name\": \"get_user_country\",\"args\": {},\"id\": \"96c1su3s\"},\"thoughtSignature\": \"EpIDCo8DAQw51scL+dHffCC+bznOIyXjDPleN5yQL1zqs+4M/VtZCHcJrN8gh786ZjK9OZKuD6RdZHgfpv79cXyMPcENDzPM2VrQF0ZLkLBwpq98X6zkYNVkwocL/mdRCLNt7H+Stxu1kojfyFhLSEYUx2w5Ep0gOuF2lOdXs9nG0j5qO0osghTXqDz2AUUbinuJ4bX/34maQqECBO4g58rN+8/bKW1CW2CWWtJfSsfVNLutBS/NpJ/REk3cm3RT3viJU9YdruAMAC9K95vW5gGPkFbZ4weFTplNS9FBUjue7usTmrYTH0P+59L3xdXkn0X0QMHt1ACkOOl84cIscvYukdz9AC+a56q2kZPNEHxfHudLT5kbuYzL9ujEmJ79YWOG2cFfS2yjBXinkM6mjxraEXzt4sc1kOI2c37TGqlsFZH9UIRoNUm60rl5ligkxyDyGgrFXoVdEAPuM42SUr6KkhdOnR4Kjxf9vsqMaXUX2Br5ZyyRT1/PZBCnPSxe1bq7eTqAtvGUQJoG9L0tnpbDR9Eg\"}],\"role\": \"model\"},\"index\": 0}],\"usageMetadata\": {\"promptTokenCount\": 29,\"candidatesTokenCount\": 12,\"totalTokenCount\": 110,\"promptTokensDetails\": [{\"modality\": \"TEXT\",\"tokenCount\": 29}],\"thoughtsTokenCount\": 69},\"modelVersion\": \"gemini-3-flash-preview\",\"responseId\": \"g1P6aZnMMZq5qtsPj9fyuQ8\"}\r\n\r\n",
  "data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": \"\"}],\"role\": \"model\"},\"finishReason\": \"STOP\",\"index\": 0}],\"usageMetadata\": {\"promptTokenCount\": 29,\"candidatesTokenCount\": 12,\"totalTokenCount\": 110,\"promptTokensDetails\": [{\"modality\": \"TEXT\",\"tokenCount\": 29}],\"thoughtsTokenCount\": 69},\"modelVersion\": \"gemini-3-flash-preview\",\"responseId\": \"g1P6aZnMMZq5qtsPj9fyuQ8\"}\r\n\r\n",
];
