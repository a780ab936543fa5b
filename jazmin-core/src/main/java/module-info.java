/**
 * JAZMIN for Java: reads and writes JAZMIN 1.0 files. Only the API packages are exported; the
 * engine lives in {@code io.jazmin.internal.*} and may change between any two releases. On the
 * class path the jar works as before (the module descriptor is then ignored).
 */
module io.jazmin {
    requires tools.jackson.core;
    requires tools.jackson.databind;
    requires org.bouncycastle.provider;
    requires com.aayushatharva.brotli4j;
    requires java.xml;
    // Flight Recorder events of header reads and directory layouts (internal.reader, internal.table).
    requires jdk.jfr;
    requires transitive java.net.http;

    exports io.jazmin;
    exports io.jazmin.change;
    exports io.jazmin.convert;
    exports io.jazmin.data;
    exports io.jazmin.error;
    exports io.jazmin.export;
    exports io.jazmin.files;
    exports io.jazmin.key;
    exports io.jazmin.mapping;
    exports io.jazmin.mapping.annotation;
    exports io.jazmin.options;
    exports io.jazmin.query;
    exports io.jazmin.schema;
    exports io.jazmin.source;
}
