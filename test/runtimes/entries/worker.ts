import { runScenario, type ScenarioInput } from "../scenario.ts";

export default {
  async fetch(request: Request): Promise<Response> {
    try {
      return Response.json(await runScenario((await request.json()) as ScenarioInput));
    } catch (error) {
      return new Response(String((error as Error)?.stack ?? error), { status: 500 });
    }
  },
};
