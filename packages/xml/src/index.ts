export type { ParamValue, Params } from './params';
export { DEFAULT_LIMITS, type ParseLimits } from './limits';
export { CodecError, type CodecErrorCode } from './codec-error';
export { parseXml, type ParseOptions } from './parse-xml';
export { parseRailsParams } from './rails-params';
export { isXmlText } from './xml-chars';
export { fields, list, textWithAttributes, type XmlFields, type XmlList, type XmlNode, type XmlText } from './xml-node';
export { XML_DECLARATION, buildElement, buildXml } from './build-xml';
