// `@pips/http/test`: test support for other packages; not part of the transport's surface.
export { parseExposition, sampleSum, type MetricSample, type ParsedMetrics } from './metrics/parse-exposition';
export { exchangeText, sendTokensEverywhere, tokensIn, typoOf, type ProbeExchange, type ProbeTokens } from './token-echo-probe';
export { startSubscriber, until, verifies, type Received, type TestSubscriber } from './webhooks/test-subscriber';
