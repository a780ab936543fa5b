package io.jazmin.spring.data.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.export.ExportShape;
import io.jazmin.files.FileChanges;
import io.jazmin.files.FileInput;
import io.jazmin.mapping.annotation.JazminId;
import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import io.jazmin.spring.data.repository.JazminRepository;
import io.jazmin.spring.data.repository.ShapeExport;
import io.jazmin.spring.data.repository.query.UnsupportedQueryException;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code @ShapeExport} repository methods and the template's embedded-file and export operations. */
class ShapeExportTests {
    static final String BY_COUNTRY = "{\"countries\": {\"$rows\": {\"country\": \"country\", \"sales\": {\"$count\": true},"
            + " \"total\": {\"$sum\": \"amount\"}}, \"$groupBy\": \"country\", \"$sort\": [\"country\"]}}";
    static final ObjectMapper JSON = new ObjectMapper();

    record Sale(@JazminId long id, String country, long amount) {
    }

    interface Sales extends JazminRepository<Sale, Long> {
        @ShapeExport(BY_COUNTRY)
        String byCountry();

        @ShapeExport(BY_COUNTRY)
        byte[] byCountryBytes();

        @ShapeExport(BY_COUNTRY)
        void byCountryInto(OutputStream out);

        @ShapeExport(saved = "nowhere")
        String savedNowhere();
    }

    interface BothShapeAndName extends JazminRepository<Sale, Long> {
        @ShapeExport(value = BY_COUNTRY, saved = "x")
        String both();
    }

    interface BadSignature extends JazminRepository<Sale, Long> {
        @ShapeExport(BY_COUNTRY)
        List<Sale> wrong(String country);
    }

    interface BadJson extends JazminRepository<Sale, Long> {
        @ShapeExport("{\"countries\": ")
        String broken();
    }

    @TempDir
    Path dir;
    JazminTemplate template;
    JazminRepositoryFactory factory;
    List<Sale> sales;

    @BeforeEach
    void setUp() {
        JazminFiles files = new JazminFiles(List.of(JazminFileDefinition.of("sales", dir.resolve("sales.jzm"))
                .withCreateIfMissing(true)));
        template = new JazminTemplate(files, new JazminMappingContext());
        factory = new JazminRepositoryFactory(template);
        String[] countries = {"NA", "ZA", "KE"};
        sales = IntStream.range(0, 200).mapToObj(i -> new Sale(i, countries[i * 7 % 3], i * 13L % 101)).toList();
        factory.getRepository(Sales.class).saveAll(sales);
    }

    /** The expected output, computed from the rows held here. */
    private String expected() {
        Map<String, List<Sale>> byCountry = sales.stream().collect(Collectors.groupingBy(Sale::country, TreeMap::new,
                Collectors.toList()));
        ObjectNode root = JSON.createObjectNode();
        ArrayNode list = root.putArray("countries");
        byCountry.forEach((country, rows) -> list.addObject().put("country", country).put("sales", rows.size())
                .put("total", rows.stream().mapToLong(Sale::amount).sum()));
        return root.toString();
    }

    @Test
    void methodsReturnTheShapesOutputAsTextBytesOrIntoAStream() {
        Sales repository = factory.getRepository(Sales.class);
        assertThat(JSON.readTree(repository.byCountry()).toString()).isEqualTo(expected());
        assertThat(JSON.readTree(repository.byCountryBytes()).toString()).isEqualTo(expected());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        repository.byCountryInto(out);
        assertThat(JSON.readTree(out.toString(StandardCharsets.UTF_8)).toString()).isEqualTo(expected());
    }

    @Test
    void anUnknownSavedShapeFailsTheCallNamingIt() {
        assertThatThrownBy(() -> factory.getRepository(Sales.class).savedNowhere())
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("nowhere");
    }

    @Test
    void aShapeNamingAnUnknownColumnFailsBeforeWritingAnything() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThatThrownBy(() -> template.export("sales", ExportShape.parse("{\"x\": {\"$sum\": \"amont\"}}"), out))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("amont");
        assertThat(out.size()).isZero();
    }

    @Test
    void badDeclarationsFailWhenTheRepositoryIsCreated() {
        assertRefused(BothShapeAndName.class, "BothShapeAndName.both", "both");
        assertRefused(BadSignature.class, "BadSignature.wrong", "OutputStream");
        assertRefused(BadJson.class, "BadJson.broken", "invalid @ShapeExport shape");
    }

    @Test
    void theTemplateReadsEmbeddedFilesWholeByRangeAndAsAStream() throws Exception {
        byte[] pdf = new byte[600_000];
        for (int i = 0; i < pdf.length; i++) {
            pdf[i] = (byte) (i * 31 + i / 7);
        }
        template.changeFiles("sales", FileChanges.adding(
                FileInput.of("docs/report.pdf", pdf, "application/pdf"),
                FileInput.of("index.html", "<h1>hi</h1>".getBytes(StandardCharsets.UTF_8), "text/html"))
                .withPackage("{\"entry\": \"index.html\", \"allowWasm\": true}"));

        assertThat(template.count("sales", null)).isEqualTo(200);
        assertThat(template.files("sales")).extracting(f -> f.path() + " " + f.type() + " " + f.size())
                .containsExactlyInAnyOrder("docs/report.pdf application/pdf 600000", "index.html text/html 11");
        assertThat(template.file("sales", "docs/report.pdf")).isPresent();
        assertThat(template.file("sales", "docs/missing.pdf")).isEmpty();
        assertThat(template.readFileRange("sales", "docs/report.pdf", 262_000, 263_000))
                .isEqualTo(java.util.Arrays.copyOfRange(pdf, 262_000, 263_000));
        try (InputStream in = template.openFile("sales", "docs/report.pdf")) {
            assertThat(in.readAllBytes()).isEqualTo(pdf);
        }
        assertThat(template.packageJson("sales")).hasValueSatisfying(json -> assertThat(json).contains("allowWasm"));
        assertThatThrownBy(() -> template.openFile("sales", "../sales.jzm"))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("no embedded file");
        // The rows are still there, and the file stays writable after the streams were closed.
        factory.getRepository(Sales.class).save(new Sale(1000, "KE", 5));
        assertThat(template.count("sales", null)).isEqualTo(201);
    }

    private void assertRefused(Class<?> repository, String... texts) {
        assertThatThrownBy(() -> factory.getRepository(repository)).satisfies(e -> {
            Throwable cause = Stream.iterate(e, t -> t != null, Throwable::getCause)
                    .filter(UnsupportedQueryException.class::isInstance).findFirst().orElseThrow(() -> e);
            assertThat(cause).isInstanceOf(UnsupportedQueryException.class);
            for (String text : texts) {
                assertThat(cause.getMessage()).contains(text);
            }
        });
    }
}
