package io.jazmin.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.ResponseEntity;
import org.springframework.http.HttpStatusCode;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

/** The sample starts on a fresh (2,000-row) file and answers every endpoint (issue 7). */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "sample.customers.count=2000")
class SampleApplicationTests {
    @TempDir
    static Path dir;

    @Value("${local.server.port}")
    int port;

    @DynamicPropertySource
    static void dataDir(DynamicPropertyRegistry registry) {
        registry.add("sample.data-dir", () -> dir.toString());
    }

    private RestClient client() {
        return RestClient.create("http://localhost:" + port);
    }

    @Test
    void servesCustomerById() {
        Map<String, Object> customer = client().get().uri("/customers/1460").retrieve()
                .body(new ParameterizedTypeReference<>() { });
        Customer expected = CustomerGenerator.customer(1460);
        assertThat(customer).containsEntry("id", 1460).containsEntry("email", expected.email())
                .containsEntry("name", expected.name()).containsEntry("country", expected.country())
                .containsEntry("balance", expected.balance()).containsEntry("joined", expected.joined().toString());
        HttpStatusCode missing = client().get().uri("/customers/5000").exchange((request, response) ->
                response.getStatusCode());
        assertThat(missing.value()).isEqualTo(404);
    }

    @Test
    void searchesByCountryAndAgeWithPagingAndSorting() {
        Map<String, Object> page = client().get()
                .uri("/customers?country=NA&minAge=30&maxAge=40&page=1&size=5&sort=balance,desc").retrieve()
                .body(new ParameterizedTypeReference<>() { });
        List<Customer> expected = CustomerGenerator.customers(2000)
                .filter(c -> c.country().equals("NA") && c.age() >= 30 && c.age() <= 40)
                .sorted((a, b) -> Double.compare(b.balance(), a.balance())).toList();
        assertThat(page).containsEntry("totalElements", expected.size()).containsEntry("page", 1);
        List<Object> ids = ((List<?>) page.get("content")).stream().map(c -> (Object) ((Map<?, ?>) c).get("id"))
                .toList();
        assertThat(ids).isEqualTo(expected.subList(5, 10).stream().map(c -> (Object) (int) c.id()).toList());
    }

    @Test
    void findsNamesContainingText() {
        List<Map<String, Object>> found = client().get().uri("/customers/name-contains?name=Ndlovu").retrieve()
                .body(new ParameterizedTypeReference<>() { });
        assertThat(found).hasSize(100).allSatisfy(c -> assertThat((String) c.get("name")).contains("Ndlovu"));
    }

    @Test
    void countsCustomers() {
        assertThat(client().get().uri("/customers/count").retrieve().body(Map.class)).containsEntry("count", 2000);
        long na = CustomerGenerator.customers(2000).filter(c -> c.country().equals("NA")).count();
        assertThat(client().get().uri("/customers/count?country=NA").retrieve().body(Map.class))
                .containsEntry("count", (int) na);
    }

    @Test
    void reportsFileHealth() {
        String health = client().get().uri("/actuator/health").retrieve().body(String.class);
        assertThat(health).contains("\"customers\"").contains("\"rows\":2000").doesNotContain("jzk1-");
    }

    @Test
    void listsTheFilesStorage() {
        Map<String, Map<String, Object>> files = client().get().uri("/actuator/jazmin").retrieve()
                .body(new ParameterizedTypeReference<>() { });
        assertThat(files).containsOnlyKeys("customers");
        assertThat(files.get("customers")).containsEntry("rows", 2000).containsEntry("readable", true)
                .containsEntry("encrypted", true).containsEntry("deletedRows", 0);
        assertThat(client().get().uri("/actuator/jazmin").retrieve().body(String.class)).doesNotContain("jzk1-");
    }

    @Test
    void servesTheAboutPageStoredInTheFileWithRangesAndETags() throws Exception {
        byte[] page = new ClassPathResource("about/index.html").getContentAsByteArray();
        String etag = "\"" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(page)) + "\"";
        ResponseEntity<byte[]> whole = client().get().uri("/jazmin/files/customers/about/index.html").retrieve()
                .toEntity(byte[].class);
        assertThat(whole.getBody()).isEqualTo(page);
        assertThat(whole.getHeaders().getETag()).isEqualTo(etag);
        assertThat(whole.getHeaders().getContentType().toString()).startsWith("text/html");
        assertThat(whole.getHeaders().getFirst("Content-Security-Policy")).startsWith("default-src 'none'")
                .contains("sandbox");
        ResponseEntity<byte[]> part = client().get().uri("/jazmin/files/customers/about/index.html")
                .header("Range", "bytes=10-19").retrieve().toEntity(byte[].class);
        assertThat(part.getStatusCode().value()).isEqualTo(206);
        assertThat(part.getBody()).isEqualTo(Arrays.copyOfRange(page, 10, 20));
        int notModified = client().get().uri("/jazmin/files/customers/about/index.html").header("If-None-Match", etag)
                .exchange((request, response) -> response.getStatusCode().value());
        assertThat(notModified).isEqualTo(304);
        int missing = client().get().uri("/jazmin/files/customers/customers.jzm")
                .exchange((request, response) -> response.getStatusCode().value());
        assertThat(missing).isEqualTo(404);
    }

    @Test
    void exportsCustomersByCountryFromTheShape() {
        Map<String, List<Map<String, Object>>> body = client().get().uri("/customers/by-country").retrieve()
                .body(new ParameterizedTypeReference<>() { });
        Map<String, List<Customer>> byCountry = CustomerGenerator.customers(2000)
                .collect(Collectors.groupingBy(Customer::country, TreeMap::new, Collectors.toList()));
        List<Map<String, Object>> expected = byCountry.entrySet().stream().map(e -> Map.<String, Object>of(
                "country", e.getKey(), "customers", e.getValue().size(),
                "youngest", e.getValue().stream().mapToInt(Customer::age).min().orElseThrow(),
                "oldest", e.getValue().stream().mapToInt(Customer::age).max().orElseThrow())).toList();
        assertThat(body.get("countries")).isEqualTo(expected);
    }
}
