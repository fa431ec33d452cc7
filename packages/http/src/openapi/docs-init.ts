/**
 * The page's token field, a Swagger UI plugin. The token is a path segment, which no OpenAPI
 * security scheme describes, so Swagger UI's own Authorize button has nothing to act on; this field
 * sits where that button would (beside the servers) and, once submitted, fills the path parameter
 * `api_token` of every operation. The token stays in the page's memory: nothing stores it. An
 * operation's own `api_token` field, edited, still wins for that operation.
 */
const TOKEN_PLUGIN = `function apiTokenPlugin(system) {
  var React = system.React;
  var h = React.createElement;
  var METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

  function useForEveryOperation(token) {
    var paths = system.specSelectors.specJson().get('paths');
    if (!paths) return;
    paths.forEach(function (item, path) {
      if (path.indexOf('{api_token}') < 0) return;
      item.forEach(function (_, method) {
        if (METHODS.indexOf(method) >= 0) system.specActions.changeParam([path, method], 'api_token', 'path', token);
      });
    });
  }

  function TokenField() {
    var value = React.useState('');
    var used = React.useState(false);
    return h('form', {
      className: 'pips-token',
      style: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', marginTop: '12px' },
      onSubmit: function (event) {
        event.preventDefault();
        useForEveryOperation(value[0].trim());
        used[1](value[0].trim() !== '');
      },
    },
      h('label', { htmlFor: 'pips-api-token', style: { fontWeight: 'bold' } }, 'API token'),
      h('input', {
        id: 'pips-api-token', type: 'password', autoComplete: 'off', spellCheck: false, value: value[0],
        placeholder: 'the token pips token create printed',
        style: { minWidth: '24em' },
        onChange: function (event) { value[1](event.target.value); used[1](false); },
      }),
      h('button', { type: 'submit', className: 'btn authorize' }, 'Use for every operation'),
      used[0] ? h('span', { role: 'status', className: 'pips-token-status' }, 'Every operation now sends this token.') : null);
  }

  return {
    wrapComponents: {
      ServersContainer: function (Original) {
        return function (props) {
          return h('div', null, h(Original, props), h(TokenField));
        };
      },
    },
  };
}
`;

/**
 * Starts Swagger UI on `/openapi.json` with the token field. No validator badge: it would send the
 * description to another site, and the page must work offline.
 */
export const DOCS_INIT = `${TOKEN_PLUGIN}
window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  plugins: [apiTokenPlugin],
});
`;
