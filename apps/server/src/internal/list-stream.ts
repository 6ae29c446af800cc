import { Readable } from "node:stream";
import type { Pet } from "@petstore/contract";

/**
 * A page whose names add up to more than this many characters is streamed pet by pet rather than encoded
 * whole: names may be a mebibyte each, so a 100-pet page could otherwise cost several copies of 100 MiB at once.
 */
const STREAM_LIST_CHARS = 1024 * 1024;

/** Characters JSON must escape in a string; a name without any is written as it is stored. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON escapes exactly these characters
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** True when `pets` is large enough to be streamed. */
export function isLargePage(pets: readonly Pet[]): boolean {
  let chars = 0;
  for (const pet of pets) {
    chars += pet.name.length;
    if (chars > STREAM_LIST_CHARS) return true;
  }
  return false;
}

/**
 * The JSON array of `pets`, handed to the socket as it drains. Each pet is encoded by `encodePet` (the
 * contract's serializer) with an empty name, and the stored name string is sent in its place: a name needing
 * no escapes (the usual case) is never copied, so a page of large pets allocates next to nothing, however
 * many different pages are asked for. Node writes each string to the socket from native memory it frees at once.
 */
export function streamPage(pets: readonly Pet[], encodePet: (pet: Pet) => string): Readable {
  function* chunks(): Generator<string> {
    yield "[";
    for (let index = 0; index < pets.length; index++) {
      const pet = pets[index]!;
      const shell = encodePet({ ...pet, name: "" });
      const at = shell.indexOf('"name":""') + '"name":"'.length;
      if (at < '"name":"'.length) throw new Error("[@petstore/server] the Pet serializer wrote no name");
      yield (index === 0 ? "" : ",") + shell.slice(0, at);
      yield NEEDS_ESCAPE.test(pet.name) ? JSON.stringify(pet.name).slice(1, -1) : pet.name;
      yield shell.slice(at);
    }
    yield "]";
  }
  // Object mode: the chunks stay the strings above (a few at a time), never converted to Buffers here.
  return Readable.from(chunks(), { objectMode: true, highWaterMark: 4 });
}
