/** A reference in built HTML that would make the browser load something from another host. */
export interface ExternalAsset {
  file: string;
  kind: "script" | "stylesheet or font" | "import" | "css url" | "iframe or media" | "src in script";
  url: string;
}

const patterns: [ExternalAsset["kind"], RegExp][] = [
  ["script", /<script\b[^>]*\bsrc\s*=\s*["']?((?:https?:)?\/\/[^"'\s>]+)/gi],
  ["stylesheet or font", /<link\b[^>]*\bhref\s*=\s*["']?((?:https?:)?\/\/[^"'\s>]+)/gi],
  ["import", /@import\s+(?:url\()?\s*["']?((?:https?:)?\/\/[^"')\s]+)/gi],
  ["css url", /url\(\s*["']?((?:https?:)?\/\/[^"')\s]+)/gi],
  ["iframe or media", /<(?:iframe|img|video|audio|source)\b[^>]*\bsrc\s*=\s*["']?((?:https?:)?\/\/[^"'\s>]+)/gi],
  // Elements created by script, such as React's `createElement("img", { src: "https://…" })`.
  ["src in script", /\bsrc\s*:\s*["'`]((?:https?:)?\/\/[^"'`\s]+)/g],
];

/** Every script, stylesheet, font, import or embedded resource in `html` that points at another host. */
export function findExternalAssets(file: string, html: string): ExternalAsset[] {
  const found: ExternalAsset[] = [];
  for (const [kind, pattern] of patterns) {
    for (const match of html.matchAll(pattern)) found.push({ file, kind, url: match[1]! });
  }
  return found;
}
