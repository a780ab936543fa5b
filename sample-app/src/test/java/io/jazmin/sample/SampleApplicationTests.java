package io.jazmin.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.ParameterizedTypeReference;
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
}
