package io.jazmin.mapping.moved;

/** {@code TypeAliasTest.Address} after a move to another package (same simple name, no alias). */
public record Address(String city, String zip) {
}
