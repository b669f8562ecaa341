import type { FieldValues, Resolver } from "react-hook-form";

type Schemas = typeof import("./step-schemas");

/**
 * The wizard's validation — the same zod schemas the server action parses — loaded when the applicant
 * first touches the form rather than with the page: zod is about 42 KB of the phone's first download and
 * its parse time (docs/benchmarks.md). Until `load()` is called every resolver waits, so a form's
 * validity stays "not valid yet", which an untouched form is anyway.
 */
export function createLazyValidation() {
  let requestLoad!: () => void;
  const requested = new Promise<void>((resolve) => (requestLoad = resolve));
  let loading: Promise<Schemas> | null = null;

  function schemas(): Promise<Schemas> {
    // A failed download (flaky mobile data) is tried again on the next validation, not remembered.
    loading ??= requested
      .then(() => import("./step-schemas"))
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  }

  /** A react-hook-form resolver over the schema that `pick` chooses, once the schemas are here. */
  function resolver<Values extends FieldValues>(pick: (schemas: Schemas) => Parameters<Schemas["zodResolver"]>[0]): Resolver<Values> {
    let resolve: Resolver<Values> | undefined;
    return async (values, context, options) => {
      const loaded = await schemas();
      // The step schemas read raw strings (Bengali digits and all); their declared input types are narrower
      // (enums, preprocessors), hence the cast to the form's string values.
      resolve ??= loaded.zodResolver(pick(loaded)) as unknown as Resolver<Values>;
      return resolve(values, context, options);
    };
  }

  return {
    resolver,
    /** Starts the download (first focus or tap in the wizard, or a restored draft); resolves to the schemas. */
    load(): Promise<Schemas> {
      requestLoad();
      return schemas();
    },
  };
}
