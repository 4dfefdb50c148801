/**
 * Column-header synonyms for column matching (docs/importer.md, "Matching columns"): headers that
 * contact exports (Google Contacts, Outlook, HubSpot, Salesforce, Mailchimp) and people commonly
 * write for the same field, so `E-mail Address` fills an `email` field without an alias.
 */
import type { FieldDefinition } from '../schemas/importer.js';
import { compactHeader } from './normalize-header.js';

/**
 * One meaning of a column. `strong` names are that meaning itself; `weak` names mean it less surely
 * (Outlook's `Home Phone` is a phone, but `Primary Phone` is the better column when both exist;
 * Salesforce's `Title` is the job title, Outlook's is `Mr.`/`Ms.`), so they lose to a strong name.
 */
interface Concept {
  readonly name: string;
  readonly strong: readonly string[];
  readonly weak?: readonly string[];
  /** Field types that mean this concept even when the field's key and label name none. */
  readonly types?: readonly FieldDefinition['type'][];
}

const CONCEPTS: readonly Concept[] = [
  {
    name: 'email',
    strong: ['email', 'e-mail', 'email address', 'e-mail address', 'mail', 'e-mail 1 - value', 'email 1', 'primary email', 'work email', 'courriel', 'e-mail adresse', 'correo electronico'],
    weak: ['personal email', 'e-mail 2 address', 'email 2'],
    types: ['email'],
  },
  {
    name: 'phone',
    strong: ['phone', 'phone number', 'telephone', 'telephone number', 'tel', 'primary phone', 'phone 1 - value', 'telefon', 'telefono'],
    weak: ['work phone', 'business phone', 'home phone', 'mobile phone', 'mobile', 'mobile phone number', 'cell phone', 'other phone', 'company main phone'],
  },
  {
    name: 'mobile',
    strong: ['mobile', 'mobile phone', 'mobile phone number', 'mobile number', 'cell', 'cell phone', 'cellphone', 'handy'],
  },
  {
    name: 'first name',
    strong: ['first name', 'firstname', 'given name', 'forename', 'first', 'prenom', 'vorname', 'nombre'],
  },
  {
    name: 'last name',
    strong: ['last name', 'lastname', 'surname', 'family name', 'last', 'nachname', 'apellido', 'nom de famille'],
  },
  {
    name: 'full name',
    strong: ['full name', 'name', 'contact name', 'display name', 'nom complet'],
    weak: ['contact', 'file as'],
  },
  {
    name: 'company',
    strong: ['company', 'company name', 'organisation', 'organization', 'organisation name', 'organization name', 'account name', 'employer', 'firma', 'entreprise', 'empresa'],
    weak: ['business', 'associated company'],
  },
  {
    name: 'job title',
    strong: ['job title', 'position', 'role', 'job', 'occupation', 'organization title', 'designation'],
    weak: ['title', 'profession'],
  },
  {
    name: 'department',
    strong: ['department', 'organization department', 'dept'],
  },
  {
    name: 'country',
    strong: ['country', 'country/region', 'country or region', 'mailing country', 'address 1 - country', 'business country', 'business country/region', 'nation', 'pays', 'land'],
    weak: ['home country', 'home country/region', 'other country/region', 'country code', 'cc'],
  },
  {
    name: 'region',
    strong: ['state', 'region', 'province', 'state/province', 'state/region', 'mailing state/province', 'address 1 - region', 'business state'],
    weak: ['home state', 'other state', 'county'],
  },
  {
    name: 'city',
    strong: ['city', 'town', 'locality', 'mailing city', 'address 1 - city', 'business city', 'ville', 'stadt', 'ort', 'ciudad'],
    weak: ['home city', 'other city'],
  },
  {
    name: 'postal code',
    strong: ['postal code', 'postcode', 'post code', 'zip', 'zip code', 'zipcode', 'zip/postal code', 'mailing zip/postal code', 'address 1 - postal code', 'business postal code', 'postleitzahl', 'plz', 'code postal'],
    weak: ['home postal code', 'other postal code'],
  },
  {
    name: 'address',
    strong: ['address', 'street address', 'street', 'address line 1', 'address 1', 'mailing street', 'address 1 - street', 'business street', 'business address', 'adresse', 'strasse', 'direccion'],
    weak: ['address 1 - formatted', 'home street', 'home address', 'other street', 'mailing address'],
  },
  {
    name: 'website',
    strong: ['website', 'web site', 'website url', 'url', 'web page', 'webpage', 'homepage', 'home page', 'web', 'site', 'website 1 - value', 'site web'],
    weak: ['personal web page', 'company domain name', 'domain'],
    types: ['url'],
  },
  {
    name: 'date of birth',
    strong: ['date of birth', 'birthday', 'birth date', 'birthdate', 'dob', 'born', 'geburtsdatum', 'date de naissance', 'fecha de nacimiento'],
  },
  {
    name: 'notes',
    strong: ['notes', 'note', 'comments', 'comment', 'remarks'],
  },
];

/** Strength of a synonym match, for {@link synonymStrength}. @internal */
export const SYNONYM_STRONG = 2;
/** @internal */
export const SYNONYM_WEAK = 1;

interface CompiledConcept {
  readonly strong: ReadonlySet<string>;
  readonly weak: ReadonlySet<string>;
  readonly types: readonly string[];
}

const COMPILED: readonly CompiledConcept[] = CONCEPTS.map((concept) => ({
  strong: new Set(concept.strong.map(compactHeader)),
  weak: new Set((concept.weak ?? []).map(compactHeader)),
  types: concept.types ?? [],
}));

/**
 * The concepts a field stands for: those whose strong names include its key or label (compared
 * as {@link compactHeader}s), or, when none does, those of its type (an `email` field is an
 * email address whatever its label).
 * @internal
 */
export function conceptsOfField(field: Pick<FieldDefinition, 'key' | 'label' | 'type'>): readonly number[] {
  const names = [compactHeader(field.key), compactHeader(field.label)];
  const byName: number[] = [];
  COMPILED.forEach((concept, i) => {
    if (names.some((name) => concept.strong.has(name))) byName.push(i);
  });
  if (byName.length > 0) return byName;
  const byType: number[] = [];
  COMPILED.forEach((concept, i) => {
    if (concept.types.includes(field.type)) byType.push(i);
  });
  return byType;
}

/**
 * How surely a compact header means one of `concepts`: {@link SYNONYM_STRONG}, {@link SYNONYM_WEAK}
 * or 0.
 * @internal
 */
export function synonymStrength(compact: string, concepts: readonly number[]): number {
  let best = 0;
  for (const i of concepts) {
    const concept = COMPILED[i] as CompiledConcept;
    if (concept.strong.has(compact)) return SYNONYM_STRONG;
    if (concept.weak.has(compact)) best = SYNONYM_WEAK;
  }
  return best;
}

/**
 * The synonym table, for documentation and tests: each concept's strong and weak names.
 *
 * @example
 * headerSynonyms().find((concept) => concept.name === 'email')?.strong.includes('e-mail address') // true
 */
export function headerSynonyms(): readonly Concept[] {
  return CONCEPTS;
}
