export type { ParamValue, Params } from './params';
export { DEFAULT_LIMITS, type ParseLimits } from './limits';
export { CodecError, type CodecErrorCode } from './codec-error';
export { parseXml } from './parse-xml';
export { parseRailsParams } from './rails-params';
export { fields, list, type XmlFields, type XmlList, type XmlNode } from './xml-node';
export { XML_DECLARATION, buildElement, buildXml } from './build-xml';
