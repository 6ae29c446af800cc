import { checkRedirect } from "./checks/redirects";
import { primaryDomain } from "./config";
import { DASHBOARD, type CheckContext, type CheckResult } from "./result";

const STOPS = "Removal stops serving traffic immediately";

/**
 * Whether `domain` (a name of the config) can be removed now, as the procedure has it: removal stops serving traffic
 * immediately, so a shared domain must redirect to the primary first. The primary cannot be removed while it serves.
 */
export async function checkRemoval(ctx: CheckContext, domain: string): Promise<CheckResult[]> {
  const primary = primaryDomain(ctx.config);
  const row = (status: CheckResult["status"], message: string, fix?: string): CheckResult => ({
    domain,
    check: "remove",
    status,
    message,
    ...(fix ? { fix } : {}),
  });
  if (domain === primary) {
    const pointing = ctx.config.redirects.filter((r) => r.to === domain).map((r) => r.from);
    const others =
      pointing.length > 0 ? ` and ${pointing.join(", ")} redirect${pointing.length === 1 ? "s" : ""} to it` : "";
    return [
      row(
        "fail",
        `${domain} is the primary domain: it serves the docs${others}. ${STOPS}, so removing it would take the docs offline.`,
        `First make another domain primary (in ${DASHBOARD} and domains.json) and point every redirect at it; then make ${domain} a redirect to the new primary, check it with pnpm docs:domains check ${domain}, and remove ${domain} last.`,
      ),
    ];
  }
  const redirect = ctx.config.redirects.find((r) => r.from === domain)!;
  const live = await checkRedirect(ctx, redirect);
  if (live.status !== "pass") {
    return [
      live,
      row(
        "fail",
        `${domain} does not redirect to ${primary} yet (the redirect row above). ${STOPS}, so every link to ${domain} would break.`,
        `Set up the redirect first: in ${DASHBOARD}, set ${domain} to redirect to ${primary} with status ${redirect.status}, run this command again, and remove ${domain} once it passes.`,
      ),
    ];
  }
  const steps = `To remove it: in ${DASHBOARD}, open the menu next to ${domain} and choose Remove, then delete ${domain} from "domains" and its entry from "redirects" in domains.json. ${STOPS}: remove it once nobody uses the old address.`;
  if (redirect.status === 302 || redirect.status === 307) {
    return [
      live,
      row(
        "warn",
        `${domain} redirects to ${primary}, but with ${redirect.status}, a temporary redirect: browsers and search engines keep using ${domain}. ${steps}`,
        `Before removing it, make the redirect permanent (301 or 308, in ${DASHBOARD} and domains.json) and give bookmarks and search engines time to follow it.`,
      ),
    ];
  }
  return [
    live,
    row(
      "pass",
      `${domain} redirects to ${primary} (${redirect.status}, checked just now), so links to it reach the docs. ${steps}`,
    ),
  ];
}
