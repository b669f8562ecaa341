export default function BlankPage() {
  return (
    <main>
      <h1>Blank</h1>
    </main>
  );
}
