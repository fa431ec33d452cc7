/** The conformance kit: targets, the HTTP+XML client and the wire assertions, for other suites. */
export { TARGET_NAMES, selectTargets, startTarget, type Target, type TargetName, type RunningTarget } from './targets';
export {
  request,
  bareRequest,
  get,
  post,
  put,
  del,
  apiPath,
  xmlBody,
  xmlFields,
  formBody,
  escapeXml,
  unique,
  type Reply,
  type RequestOptions,
  type XmlValue,
} from './client';
export { outline, childNames, type XmlOutline } from './outline';
export { forms, locationShow } from './forms';
