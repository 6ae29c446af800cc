/** One canned answer: a Response, or an error the fake fetch throws. */
export type Answer = Response | Error | (() => Response | Promise<Response>);

/** An injectable fetch that records each request (as a Request built from the URL and init it got) and replays answers in order (the last one repeats). */
export function fakeFetch(...answers: Answer[]) {
  const requests: Request[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    requests.push(new Request(url, init));
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    if (typeof answer === "function") return answer();
    if (!answer) throw new Error("fakeFetch: no answer configured");
    return answer.clone();
  };
  return { fetch, requests };
}

/** A JSON Response. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

/** A sleep that resolves at once and records each requested delay. */
export function recordingSleep() {
  const delays: number[] = [];
  const sleep = async (ms: number) => {
    delays.push(ms);
  };
  return { sleep, delays };
}

export const PET = { id: 1, name: "Rex", categoryId: 1, status: "available" } as const;
