/** Messages the transport itself sends (the domain builds every other one). */
export const httpMessages = {
  noRoute: (method: string, path: string) => `No route matches [${method}] "${path}"`,
  tooLarge: (limit: number) => `Request body is too large (maximum is ${limit} bytes)`,
  notUtf8: () => 'Request body is not valid UTF-8',
  unsupportedMediaType: () =>
    'Unsupported media type; send application/xml, text/xml, *+xml or application/x-www-form-urlencoded',
  expectedRoot: (root: string) => `Expected the root element <${root}>`,
  internal: () => 'Internal server error',
} as const;
