/** The <option>s of a loan-product <select>: a disabled placeholder, then each product by title. */
export function ProductOptions({ products, placeholder }: { products: readonly { key: string; title: string }[]; placeholder: string }) {
  return (
    <>
      <option value="" disabled>
        {placeholder}
      </option>
      {products.map((p) => (
        <option key={p.key} value={p.key}>
          {p.title}
        </option>
      ))}
    </>
  );
}
