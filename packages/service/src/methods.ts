/**
 * The methods Node's HTTP parser (llhttp) accepts, as `http.METHODS` lists them on Node 20. The reference server
 * never sees any other method: the parser refuses the request line and the server answers `400 invalid_request`.
 * Copied rather than imported so the service also runs in browsers (its fetch entry refuses the others as the parser
 * would).
 */
export const PARSER_METHODS: ReadonlySet<string> = new Set([
  "ACL",
  "BIND",
  "CHECKOUT",
  "CONNECT",
  "COPY",
  "DELETE",
  "GET",
  "HEAD",
  "LINK",
  "LOCK",
  "M-SEARCH",
  "MERGE",
  "MKACTIVITY",
  "MKCALENDAR",
  "MKCOL",
  "MOVE",
  "NOTIFY",
  "OPTIONS",
  "PATCH",
  "POST",
  "PROPFIND",
  "PROPPATCH",
  "PURGE",
  "PUT",
  "QUERY",
  "REBIND",
  "REPORT",
  "SEARCH",
  "SOURCE",
  "SUBSCRIBE",
  "TRACE",
  "UNBIND",
  "UNLINK",
  "UNLOCK",
  "UNSUBSCRIBE",
]);
