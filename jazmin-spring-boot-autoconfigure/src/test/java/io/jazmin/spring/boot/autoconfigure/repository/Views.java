package io.jazmin.spring.boot.autoconfigure.repository;

/** Projections of {@link Customer}. */
final class Views {
    private Views() {
    }

    /** A closed interface projection: reads two columns. */
    interface NameOnly {
        String getName();

        int getAge();
    }

    /** A record (DTO) projection: reads two columns. */
    record NameAndCountry(String name, String country) {
    }

    /** For distinct results. */
    record CountryView(String country) {
    }
}
