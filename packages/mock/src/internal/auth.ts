import { WWW_AUTHENTICATE as CHALLENGE } from "@petstore/service";

/** The challenge every 401 of the service carries. */
export const WWW_AUTHENTICATE = { "www-authenticate": CHALLENGE };
