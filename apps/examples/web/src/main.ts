import { petstoreQueries } from "@petstore/client/query";
import { MutationObserver, QueryClient, QueryObserver } from "@tanstack/query-core";
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
  // TanStack Query's framework-agnostic core; the SDK retries already, so TanStack does not.
  const queries = petstoreQueries(petstore);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const allPets = queries.pets.list({ limit: 100 });
  renderPets(list, await queryClient.fetchQuery(allPets));
  new QueryObserver(queryClient, allPets).subscribe(({ data }) => data && renderPets(list, data));
  const adding = new MutationObserver(queryClient, {
    ...queries.pets.create(),
    // Refetches every pets list; mutate() resolves once the list shows the new pet.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["petstore", "listPets"] }),
  });

  addPet = () => {
    const pet = readForm(form);
    const problem = formProblem(pet);
    if (problem) return showMessage(message, problem, true);
    showMessage(message, `Adding ${pet.name}…`);
    adding
      .mutate(pet)
      .then((created) => {
        form.reset();
        showMessage(message, `Added #${created.id} ${created.name}.`);
      })
      .catch((error: unknown) => showMessage(message, `Could not add ${pet.name}. ${describeError(error)}`, true));
  };

  submit.disabled = false;
  showMessage(message, "Ready.");
  document.body.dataset.ready = "true";
} catch (error) {
  showMessage(message, `Could not start. ${describeError(error)}`, true);
  document.body.dataset.failed = "true";
}
