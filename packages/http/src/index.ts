export { createApp, type AppDeps } from './create-app';
export { apiRouteList } from './api-routes';
export type { ApiRoute } from './route-table';
export type { AppState, AppContext, AppMiddleware, Logger } from './app-state';
export { timeFormat, isTimeZone, type TimeFormat } from './time-format';
export { sendXml, sendEmpty, XML_CONTENT_TYPE } from './reply';
export { listen, urlHost, type Listener } from './listen';
export { memoryRateLimiter, perMinuteBudget, type RateBudget } from './rate-limit';
