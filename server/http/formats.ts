/** Text formats more than one area checks input against (one definition, so they cannot drift). */

/** An http or https address (a company's website fields, a showcase's site address). */
export const URL_FORMAT = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
