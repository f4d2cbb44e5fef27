// The page's messages (issue 30): t("..."), tn(singular, plural, n), tp(context, "..."),
// looked up in the JSON catalogue the server embedded in the page (<script id="messages">,
// the page's language: <html lang>), the English message itself where there is none.
// Placeholders are named, {name}, filled from the second (tn, tp: last) argument:
// t("{name} wins", {name}). Numbers and dates by the page's language through Intl.
// Babel extracts t/tn/tp (regalia.core.catalogues); no build step.

const embedded = document.getElementById("messages");
const catalogue = embedded ? JSON.parse(embedded.textContent) : {messages: {}};
const messages = catalogue.messages || {};

/** The page's language ("en", "de"). */
export const lang = document.documentElement.lang || "en";

const plurals = new Intl.PluralRules(lang);

function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole);
}

/** A message in the page's language, its {placeholders} filled from values. */
export function t(message, values) {
  const found = messages[message];
  return fill(typeof found === "string" ? found : message, values);
}

/** A counted message: the form for n (Intl.PluralRules: "one" is the first form);
 * {n} and the other placeholders filled (values.n defaults to n, formatted). */
export function tn(singular, plural, n, values) {
  const forms = messages[singular];
  const all = {n: number(n), ...(values || {})};
  if (Array.isArray(forms) && forms.length) {
    const index = plurals.select(n) === "one" ? 0 : Math.min(1, forms.length - 1);
    return fill(forms[index], all);
  }
  return fill(n === 1 ? singular : plural, all);
}

/** A message told apart by a context (gettext's msgctxt). */
export function tp(context, message, values) {
  const found = messages[`${context}\u0004${message}`];
  return fill(typeof found === "string" ? found : message, values);
}

/** A number as the page's language writes it (12,345.5 / 12.345,5). */
export function number(n, digits) {
  const options = digits === undefined ? {} : {minimumFractionDigits: digits, maximumFractionDigits: digits};
  return new Intl.NumberFormat(lang, options).format(n);
}

/** A list joined as the page's language joins it ("a, b and c" / "a, b und c"). */
export function list(items) {
  return new Intl.ListFormat(lang, {style: "long", type: "conjunction"}).format(items);
}

/** A date and time as the page's language writes it. */
export function datetime(value) {
  return new Intl.DateTimeFormat(lang, {dateStyle: "medium", timeStyle: "short"}).format(value);
}

// the language switch keeps the page's fragment (a seat's token, a shared pad) across the
// server's redirect back
for (const a of document.querySelectorAll(".langswitch a")) {
  a.addEventListener("click", () => { a.href = a.href.split("#")[0] + location.hash; });
}
