// kube-validate reads Kubernetes manifests (YAML, several documents) on standard input and decodes
// each one strictly into the API types of k8s.io/api and the Prometheus operator's monitoring/v1,
// the Go types that the Kubernetes OpenAPI schemas are generated from. An unknown apiVersion or
// kind, a pre-release API version that Kubernetes will remove (or has removed), an unknown or
// duplicated field, or a value of the wrong type is an error; it exits 1 naming the document.
// Required fields are checked by the OpenAPI validators in the Jest test (test/deploy/).
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/yaml"
)

func main() {
	types := runtime.NewScheme()
	must(scheme.AddToScheme(types))
	must(monitoringv1.AddToScheme(types))
	decoder := serializer.NewCodecFactory(types, serializer.EnableStrict).UniversalDeserializer()

	reader := utilyaml.NewYAMLReader(bufio.NewReader(os.Stdin))
	failed, count := 0, 0
	for {
		document, err := reader.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		must(err)
		if strings.TrimSpace(stripComments(string(document))) == "" {
			continue
		}
		count++
		manifest, err := yaml.YAMLToJSON(document)
		var object runtime.Object
		if err == nil {
			object, _, err = decoder.Decode(manifest, nil, nil)
		}
		if prerelease, ok := object.(removable); err == nil && ok {
			major, minor := prerelease.APILifecycleRemoved()
			err = fmt.Errorf("%s is a pre-release API that Kubernetes removes in %d.%d: use the stable version", object.GetObjectKind().GroupVersionKind().GroupVersion(), major, minor)
		}
		if err != nil {
			failed++
			fmt.Fprintf(os.Stderr, "document %d (%s): %v\n", count, source(document), err)
		}
	}
	if failed > 0 {
		os.Exit(1)
	}
	fmt.Printf("%d documents valid\n", count)
}

// Every beta type of k8s.io/api has the release that removes it (extensions/v1beta1 Ingress: 1.22).
type removable interface{ APILifecycleRemoved() (int, int) }

// source is the `# Source: chart/templates/x.yaml` line that helm template writes above each document.
func source(document []byte) string {
	for _, line := range strings.Split(string(document), "\n") {
		if strings.HasPrefix(line, "# Source: ") {
			return strings.TrimPrefix(line, "# Source: ")
		}
	}
	return "no source line"
}

func stripComments(document string) string {
	var kept []string
	for _, line := range strings.Split(document, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, "\n")
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}
