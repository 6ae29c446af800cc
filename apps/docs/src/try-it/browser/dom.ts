type Child = Node | string | false | undefined;

/** Creates an element with attributes (`false`/`undefined` ones left out) and children; text is never parsed as HTML. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === undefined) continue;
    element.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) if (child !== false && child !== undefined) element.append(child);
  return element;
}
