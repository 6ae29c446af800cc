import { PetstoreError } from "@petstore/client";
import { readConfig } from "./config";
import { connect } from "./petstore";
import { readForm, renderPets, showMessage } from "./view";

function element<T extends HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`[@petstore/example-web] missing ${selector} in index.html`);
  return found;
}

const mode = element<HTMLParagraphElement>("#mode");
const message = element<HTMLParagraphElement>("#message");
const list = element<HTMLUListElement>("#pets");
const form = element<HTMLFormElement>("#add-pet");

function describe(error: unknown): string {
  return error instanceof PetstoreError ? `${error.message} (${error.code})` : String(error);
}

try {
  const { petstore, label } = await connect(readConfig(import.meta.env));
  mode.textContent = `Mode: ${label}`;
  const refresh = async () => renderPets(list, await petstore.pets.list({ limit: 100 }));

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const pet = readForm(form);
    showMessage(message, `Adding ${pet.name}…`);
    petstore.pets
      .create(pet)
      .then(async (created) => {
        await refresh();
        form.reset();
        showMessage(message, `Added #${created.id} ${created.name}.`);
      })
      .catch((error: unknown) => showMessage(message, `Could not add ${pet.name}: ${describe(error)}`, true));
  });

  await refresh();
  showMessage(message, "Ready.");
  document.body.dataset.ready = "true";
} catch (error) {
  showMessage(message, `Could not start: ${describe(error)}`, true);
}
