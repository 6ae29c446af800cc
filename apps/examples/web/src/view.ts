import type { NewPet, Pet } from "@petstore/client";

/** Renders `pets` into the list, one item per pet. */
export function renderPets(list: HTMLUListElement, pets: readonly Pet[]): void {
  list.replaceChildren(
    ...pets.map((pet) => {
      const item = document.createElement("li");
      item.dataset.petId = String(pet.id);
      const name = document.createElement("span");
      name.textContent = `#${pet.id} ${pet.name}`;
      const status = document.createElement("span");
      status.className = `status ${pet.status ?? ""}`;
      status.textContent = pet.status ?? "no status";
      item.append(name, status);
      return item;
    }),
  );
}

/** Shows `text` in the status line, styled as an error when `isError`. */
export function showMessage(element: HTMLElement, text: string, isError = false): void {
  element.textContent = text;
  element.classList.toggle("error", isError);
}

/** The NewPet the form describes. */
export function readForm(form: HTMLFormElement): NewPet {
  const data = new FormData(form);
  return {
    name: String(data.get("name") ?? "").trim(),
    categoryId: Number(data.get("categoryId")),
    status: String(data.get("status")) as NewPet["status"],
  };
}
