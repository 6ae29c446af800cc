import { readConfig } from "./config";
import { describeError, formProblem } from "./messages";
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
const submit = element<HTMLButtonElement>("#add-pet button[type=submit]");

// Registered before anything can fail: without it, a form the app never got to handle would be sent by the
// browser itself, as a GET of this page with the pet in the query string.
let addPet: (() => void) | undefined;
form.addEventListener("submit", (event) => {
  event.preventDefault();
  addPet?.();
});

try {
  const { petstore, label } = await connect(readConfig(import.meta.env));
  mode.textContent = `Mode: ${label}`;
  const refresh = async () => renderPets(list, await petstore.pets.list({ limit: 100 }));

  addPet = () => {
    const pet = readForm(form);
    const problem = formProblem(pet);
    if (problem) return showMessage(message, problem, true);
    showMessage(message, `Adding ${pet.name}…`);
    petstore.pets
      .create(pet)
      .then(async (created) => {
        await refresh();
        form.reset();
        showMessage(message, `Added #${created.id} ${created.name}.`);
      })
      .catch((error: unknown) => showMessage(message, `Could not add ${pet.name}. ${describeError(error)}`, true));
  };

  await refresh();
  submit.disabled = false;
  showMessage(message, "Ready.");
  document.body.dataset.ready = "true";
} catch (error) {
  showMessage(message, `Could not start. ${describeError(error)}`, true);
  document.body.dataset.failed = "true";
}
