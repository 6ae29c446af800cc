import {
  MutationObserver,
  QueryClient,
  QueryObserver,
  type FetchQueryOptions,
  type MutationObserverOptions,
  type QueryFunction,
  type QueryObserverOptions,
} from "@tanstack/query-core";
import { describe, expectTypeOf, it } from "vitest";
import { createPetstoreClient, type NewPet, type Pet } from "../../src/index";
import { petstoreQueries, type GetPetKey, type ListPetsKey } from "../../src/query/index";

const queries = petstoreQueries(createPetstoreClient({ apiKey: "k" }));
const queryClient = new QueryClient();

describe("petstoreQueries types", () => {
  it("list and get fit the options useQuery, QueryObserver and fetchQuery take", () => {
    // useQuery's UseQueryOptions is QueryObserverOptions without `suspense`, in every framework adapter.
    expectTypeOf(queries.pets.list({ status: "available" })).toExtend<
      QueryObserverOptions<Pet[], Error, Pet[], Pet[], ListPetsKey>
    >();
    expectTypeOf(queries.pets.get(1)).toExtend<QueryObserverOptions<Pet, Error, Pet, Pet, GetPetKey>>();
    expectTypeOf(queries.pets.list()).toExtend<FetchQueryOptions<Pet[], Error, Pet[], ListPetsKey>>();
    expectTypeOf(queries.pets.list().queryFn).toExtend<QueryFunction<Pet[], ListPetsKey>>();
  });

  it("infers the data type through QueryObserver and QueryClient", () => {
    expectTypeOf(new QueryObserver(queryClient, queries.pets.list()).getCurrentResult().data).toEqualTypeOf<
      Pet[] | undefined
    >();
    expectTypeOf(new QueryObserver(queryClient, queries.pets.get(1)).getCurrentResult().data).toEqualTypeOf<
      Pet | undefined
    >();
    expectTypeOf(queryClient.fetchQuery(queries.pets.list())).resolves.toEqualTypeOf<Pet[]>();
    expectTypeOf(
      new QueryObserver(queryClient, {
        ...queries.pets.list(),
        select: (pets) => pets.map((pet) => pet.name),
      }).getCurrentResult().data,
    ).toEqualTypeOf<string[] | undefined>();
  });

  it("create fits MutationObserver and takes a NewPet", () => {
    expectTypeOf(queries.pets.create()).toExtend<MutationObserverOptions<Pet, Error, NewPet>>();
    const observer = new MutationObserver(queryClient, queries.pets.create());
    expectTypeOf(observer.mutate).parameter(0).toEqualTypeOf<NewPet>();
    expectTypeOf(observer.mutate({ name: "Rex", categoryId: 1 })).resolves.toEqualTypeOf<Pet>();
    // @ts-expect-error a name must be a string
    void observer.mutate({ name: 1, categoryId: 1 });
  });

  it("takes only the contract's parameters", () => {
    // @ts-expect-error status is one of the contract's PetStatus values
    queries.pets.list({ status: "lost" });
    // @ts-expect-error petId is a number
    queries.pets.get("1");
    expectTypeOf(queries.pets.list({ limit: 5 }).queryKey).toEqualTypeOf<ListPetsKey>();
  });
});
