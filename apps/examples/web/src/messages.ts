import {
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  PetstoreError,
  RateLimitError,
  TimeoutError,
} from "@petstore/client";

// The SDK's messages are written for developers ("[@petstore/client] 400 invalid_request: … (request id …)");
// a page shows people what happened and what to do, and keeps the request id for support.
const SDK_MESSAGE = /^\[@petstore\/client\] (?:\d{3} )?[\w-]+: (.*?)(?: \(request id [^)]+\))?$/s;

/** The API's own explanation inside an SDK error message, without the SDK prefix, status, code and request id. */
function apiDetail(error: PetstoreError): string {
  return SDK_MESSAGE.exec(error.message)?.[1] ?? error.message.replace(/^\[@petstore\/client\] /, "");
}

/** What to tell the person using the page about `error`: one sentence, plus the request id when there is one. */
export function describeError(error: unknown): string {
  // The SDK refuses bad arguments before sending (a TypeError); its message is still for developers.
  if (!(error instanceof PetstoreError)) {
    return (error instanceof Error ? error.message : String(error)).replace(/^\[@petstore\/[\w-]+\] /, "");
  }
  const text =
    error instanceof AuthenticationError
      ? "The Petstore API refused this app's API key. Set VITE_PETSTORE_API_KEY to a key the server accepts."
      : error instanceof BadRequestError
        ? `The Petstore API refused it: ${apiDetail(error)}`
        : error instanceof RateLimitError
          ? "The Petstore API is busy. Try again in a moment."
          : error instanceof TimeoutError
            ? "The Petstore API took too long to answer. Try again."
            : error instanceof ConnectionError
              ? "Could not reach the Petstore API. Is the server running?"
              : "The Petstore API had a problem. Try again later.";
  return error.requestId ? `${text} (reference ${error.requestId})` : text;
}

/** Why the form cannot be sent as it is, in words for the page, or `undefined` when it can. */
export function formProblem(pet: { name: string; categoryId: number }): string | undefined {
  if (pet.name === "") return "Enter a name for the pet.";
  // Safe integers only: the SDK refuses a larger number (it could not be sent exactly) with a developer's message.
  if (!Number.isSafeInteger(pet.categoryId) || pet.categoryId < 1)
    return "Enter a whole number of 1 or more as the category.";
  return undefined;
}
