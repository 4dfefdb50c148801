import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../schemas/importer.js';
import { matchColumns } from './match-columns.js';

/** A contacts importer as a host would configure it: keys and labels of its own, no aliases. */
const contactFields: FieldDefinition[] = [
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'phone', label: 'Phone', type: 'string' },
  { key: 'first_name', label: 'First name', type: 'string' },
  { key: 'last_name', label: 'Last name', type: 'string' },
  { key: 'company', label: 'Company', type: 'string' },
  { key: 'job_title', label: 'Job title', type: 'string' },
  { key: 'address', label: 'Address', type: 'string' },
  { key: 'city', label: 'City', type: 'string' },
  { key: 'postal_code', label: 'Postal code', type: 'string' },
  { key: 'country', label: 'Country', type: 'string' },
  { key: 'website', label: 'Website', type: 'url' },
  { key: 'birthday', label: 'Date of birth', type: 'date' },
];

/** field key → the header of the column it was matched to. */
function mapped(headers: readonly string[], fields: readonly FieldDefinition[] = contactFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of matchColumns(headers, fields)) if (match.fieldKey !== null) out[match.fieldKey] = match.header;
  return out;
}

// The header rows below are those of each product's own contact export, as exported.
const GOOGLE_CONTACTS = [
  'First Name', 'Middle Name', 'Last Name', 'Phonetic First Name', 'Phonetic Middle Name', 'Phonetic Last Name', 'Name Prefix',
  'Name Suffix', 'Nickname', 'File As', 'Organization Name', 'Organization Title', 'Organization Department', 'Birthday', 'Notes',
  'Photo', 'Labels', 'E-mail 1 - Label', 'E-mail 1 - Value', 'Phone 1 - Label', 'Phone 1 - Value', 'Address 1 - Label',
  'Address 1 - Formatted', 'Address 1 - Street', 'Address 1 - City', 'Address 1 - PO Box', 'Address 1 - Region',
  'Address 1 - Postal Code', 'Address 1 - Country', 'Address 1 - Extended Address', 'Website 1 - Label', 'Website 1 - Value',
];

const OUTLOOK = [
  'First Name', 'Middle Name', 'Last Name', 'Title', 'Suffix', 'Nickname', 'Given Yomi', 'Surname Yomi', 'E-mail Address',
  'E-mail 2 Address', 'E-mail 3 Address', 'Home Phone', 'Home Phone 2', 'Business Phone', 'Business Phone 2', 'Mobile Phone',
  'Car Phone', 'Other Phone', 'Primary Phone', 'Pager', 'Business Fax', 'Home Fax', 'Other Fax', 'Company Main Phone', 'Callback',
  'Radio Phone', 'Telex', 'TTY/TDD Phone', 'IMAddress', 'Job Title', 'Department', 'Company', 'Office Location', "Manager's Name",
  "Assistant's Name", "Assistant's Phone", 'Company Yomi', 'Business Street', 'Business City', 'Business State',
  'Business Postal Code', 'Business Country/Region', 'Home Street', 'Home City', 'Home State', 'Home Postal Code',
  'Home Country/Region', 'Other Street', 'Other City', 'Other State', 'Other Postal Code', 'Other Country/Region',
  'Personal Web Page', 'Spouse', 'Schools', 'Hobby', 'Location', 'Web Page', 'Birthday', 'Anniversary', 'Notes',
];

const HUBSPOT = [
  'Record ID', 'First Name', 'Last Name', 'Email', 'Phone Number', 'Mobile Phone Number', 'Company Name', 'Job Title',
  'Street Address', 'City', 'State/Region', 'Postal Code', 'Country/Region', 'Website URL', 'Date of birth', 'Contact owner',
  'Lifecycle Stage', 'Lead Status', 'Create Date', 'Last Activity Date',
];

const SALESFORCE = [
  'Contact ID', 'Salutation', 'First Name', 'Last Name', 'Title', 'Account Name', 'Mailing Street', 'Mailing City',
  'Mailing State/Province', 'Mailing Zip/Postal Code', 'Mailing Country', 'Phone', 'Mobile', 'Fax', 'Email', 'Birthdate',
  'Lead Source', 'Contact Owner', 'Created Date',
];

const MAILCHIMP = [
  'Email Address', 'First Name', 'Last Name', 'Address', 'Phone Number', 'Birthday', 'Company', 'MEMBER_RATING', 'OPTIN_TIME',
  'OPTIN_IP', 'CONFIRM_TIME', 'CONFIRM_IP', 'LATITUDE', 'LONGITUDE', 'GMTOFF', 'DSTOFF', 'TIMEZONE', 'CC', 'REGION',
  'LAST_CHANGED', 'LEID', 'EUID', 'NOTES', 'TAGS',
];

describe('column synonyms', () => {
  it('matches Outlook\'s own "E-mail Address" header to an email field', () => {
    expect(matchColumns(['E-mail Address'], [{ key: 'email', label: 'Email', type: 'email' }])[0]).toMatchObject({
      fieldKey: 'email',
      method: 'synonym',
      confidence: 0.88,
    });
  });

  it('maps a Google Contacts export', () => {
    expect(mapped(GOOGLE_CONTACTS)).toEqual({
      first_name: 'First Name',
      last_name: 'Last Name',
      company: 'Organization Name',
      job_title: 'Organization Title',
      birthday: 'Birthday',
      email: 'E-mail 1 - Value',
      phone: 'Phone 1 - Value',
      address: 'Address 1 - Street',
      city: 'Address 1 - City',
      postal_code: 'Address 1 - Postal Code',
      country: 'Address 1 - Country',
      website: 'Website 1 - Value',
    });
  });

  it('maps an Outlook export, taking the surer of several phone and address columns', () => {
    expect(mapped(OUTLOOK)).toEqual({
      first_name: 'First Name',
      last_name: 'Last Name',
      email: 'E-mail Address',
      phone: 'Primary Phone',
      // Outlook's `Title` is Mr./Ms.: `Job Title` is the job title.
      job_title: 'Job Title',
      company: 'Company',
      address: 'Business Street',
      city: 'Business City',
      postal_code: 'Business Postal Code',
      country: 'Business Country/Region',
      website: 'Web Page',
      birthday: 'Birthday',
    });
  });

  it('maps a HubSpot export', () => {
    expect(mapped(HUBSPOT)).toEqual({
      first_name: 'First Name',
      last_name: 'Last Name',
      email: 'Email',
      phone: 'Phone Number',
      company: 'Company Name',
      job_title: 'Job Title',
      address: 'Street Address',
      city: 'City',
      postal_code: 'Postal Code',
      country: 'Country/Region',
      website: 'Website URL',
      birthday: 'Date of birth',
    });
  });

  it('maps a Salesforce export, where Title is the job title', () => {
    expect(mapped(SALESFORCE)).toEqual({
      first_name: 'First Name',
      last_name: 'Last Name',
      job_title: 'Title',
      company: 'Account Name',
      address: 'Mailing Street',
      city: 'Mailing City',
      postal_code: 'Mailing Zip/Postal Code',
      country: 'Mailing Country',
      phone: 'Phone',
      email: 'Email',
      birthday: 'Birthdate',
    });
  });

  it('maps a Mailchimp audience export', () => {
    expect(mapped(MAILCHIMP)).toEqual({
      email: 'Email Address',
      first_name: 'First Name',
      last_name: 'Last Name',
      address: 'Address',
      phone: 'Phone Number',
      birthday: 'Birthday',
      company: 'Company',
      country: 'CC',
    });
  });

  it('matches by the field type when the label names no concept, and ranks synonyms below exact names', () => {
    const fields: FieldDefinition[] = [
      { key: 'contact', label: 'Contact address', type: 'email' },
      { key: 'home', label: 'Homepage link', type: 'url' },
    ];
    expect(mapped(['E-mail', 'Web site'], fields)).toEqual({ contact: 'E-mail', home: 'Web site' });
    expect(matchColumns(['Organisation', 'Company'], contactFields).map((m) => m.method)).toEqual([null, 'exact']);
  });

  it('keeps a full-name field and first/last-name fields apart', () => {
    const fields: FieldDefinition[] = [
      { key: 'name', label: 'Name', type: 'string' },
      { key: 'given', label: 'First name', type: 'string' },
    ];
    expect(mapped(['Full Name', 'Given Name', 'Surname'], fields)).toEqual({ name: 'Full Name', given: 'Given Name' });
  });
});
